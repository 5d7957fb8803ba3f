import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { PublicLayout } from '../../../components/layouts/public-layout';
import { paths } from '../../../lib/paths';
import { LegalDocument, type LegalSection } from './legal-document';
import { OperatorNotice } from './operator-notice';
import { SupportAddress } from './support-address';

const P = Typography;

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement',
    body: (
      <P>
        By creating an account or using Platewise you agree to these terms. If
        the Platewise you use is run by someone else (the “operator”), their
        terms may add to or replace these; the operator is the party you deal
        with.
      </P>
    ),
  },
  {
    id: 'service',
    title: 'What Platewise does',
    body: (
      <P>
        Platewise suggests weekly meal plans from the recipes in its catalogue
        and the preferences you enter, and produces a shopping list for them.
        Plans are suggestions. Platewise is not a medical, nutritional or
        dietetic service, and its plans are not advice for any health condition.
      </P>
    ),
  },
  {
    id: 'allergies',
    title: 'Allergies and dietary needs',
    body: (
      <>
        <P>
          Platewise leaves out recipes that contain the allergens and
          ingredients you exclude, as far as its ingredient catalogue knows
          them. Recipes, product formulations and labels vary, and cross
          contamination is outside anything software can see.
        </P>
        <P>
          <strong>
            Always read the labels of what you buy and check every recipe
            yourself
          </strong>
          , especially if you or someone you cook for has a severe allergy or a
          medical diet.
        </P>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>Give accurate details and keep them up to date.</li>
        <li>
          Keep your password to yourself and log out of shared computers. Tell
          us at once if you think someone else has used your account.
        </li>
        <li>An account is for one person; you must be at least 16.</li>
        <li>You can delete your account at any time from your profile.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'Fair use',
    body: (
      <>
        <P>Please do not:</P>
        <ul>
          <li>try to reach other people’s accounts or data;</li>
          <li>
            probe, overload or disrupt the service, or get around its rate
            limits and security controls;
          </li>
          <li>
            upload recipes, images or text that you have no right to share, or
            that are unlawful or offensive;
          </li>
          <li>scrape the service or resell access to it.</li>
        </ul>
        <P>
          An operator may suspend an account that breaks these rules, and will
          tell the account holder why unless the law forbids it.
        </P>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Recipes and content',
    body: (
      <P>
        Recipes and images in the catalogue are provided for your personal,
        non-commercial cooking. Content you add stays yours; you allow the
        operator to store it and show it to the users of that Platewise so the
        service can work.
      </P>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <P>
        We work to keep Platewise running and your data safe, but we cannot
        promise that the service will always be available or free of errors. We
        may change or end features; if a change takes something away from you,
        we will tell you in advance where we can.
      </P>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <P>
        Platewise is provided “as is”. To the extent the law allows, we are not
        liable for indirect or consequential loss, or for harm arising from
        ingredients or recipes you choose to cook. Nothing in these terms limits
        liability that cannot be limited by law, or your rights as a consumer.
      </P>
    ),
  },
  {
    id: 'ending',
    title: 'Ending the agreement',
    body: (
      <P>
        You can stop using Platewise and delete your account whenever you like.
        How we handle your data afterwards is described in the{' '}
        <Link component={RouterLink} to={paths.privacy.getHref()}>
          privacy policy
        </Link>
        .
      </P>
    ),
  },
  {
    id: 'questions',
    title: 'Questions',
    body: (
      <P>
        Write to <SupportAddress subject="Question about the terms" />. We read
        every message.
      </P>
    ),
  },
];

export function TermsPage() {
  return (
    <PublicLayout>
      <LegalDocument
        title="Terms of Service"
        updated="22 November 2026"
        intro={
          <P>
            These terms are the rules for using Platewise. We have kept them
            short and plain; please read the part about allergies.
          </P>
        }
        operatorNotice={
          <OperatorNotice
            items={[
              'Who offers the service: your name or organisation and a postal address.',
              'The support address: set SUPPORT_EMAIL on the server; it appears here, in the footer and in every mail.',
              'Which law applies and which courts decide disputes, and any age limit or fee.',
              'The date of your version, and how you tell users about changes.',
            ]}
          />
        }
        sections={sections}
      />
    </PublicLayout>
  );
}
