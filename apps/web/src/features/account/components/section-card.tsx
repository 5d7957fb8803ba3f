import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One section of the profile page: a card with its heading and summary. */
export function SectionCard({
  title,
  summary,
  children,
}: {
  title: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {summary ? (
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
            {summary}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
