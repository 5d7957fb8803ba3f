import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A readable long-form page: title, date, contents, numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  operatorNotice,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  /** What the operator of the instance must fill in (issue 11). */
  operatorNotice?: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Box
      component="article"
      sx={{
        '& p, & li': { lineHeight: 1.75, color: 'text.secondary' },
        '& p + p, & p + ul, & ul + p': { mt: 1.5 },
        '& li': { mb: 0.75 },
        '& ul': { pl: 3, my: 1.5 },
        '& strong': { color: 'text.primary' },
      }}
    >
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Last updated {updated}
      </Typography>
      <Box sx={{ fontSize: '1.1rem', mb: 4 }}>{intro}</Box>
      {operatorNotice}
      <Box
        component="nav"
        aria-labelledby="toc-title"
        sx={{
          p: 3,
          mb: 5,
          borderRadius: '16px',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Typography
          id="toc-title"
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, mb: 1 }}
        >
          Contents
        </Typography>
        <Box
          component="ol"
          sx={{ m: 0, pl: 3, columns: { sm: 2 }, columnGap: 4 }}
        >
          {sections.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
        </Box>
      </Box>
      {sections.map((section, index) => (
        <Box
          component="section"
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          sx={{ mb: 5, scrollMarginTop: 88 }}
        >
          <Typography
            id={`${section.id}-title`}
            variant="h5"
            component="h2"
            sx={{ mb: 1.5 }}
          >
            {index + 1}. {section.title}
          </Typography>
          {section.body}
        </Box>
      ))}
    </Box>
  );
}
