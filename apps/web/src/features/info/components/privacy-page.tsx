import Typography from '@mui/material/Typography';

import { PublicLayout } from '../../../components/layouts/public-layout';
import { LegalDocument, type LegalSection } from './legal-document';
import { OperatorNotice } from './operator-notice';
import { SupportAddress } from './support-address';

const P = Typography;

const sections: LegalSection[] = [
  {
    id: 'who',
    title: 'Who is responsible',
    body: (
      <>
        <P>
          Platewise is software that anyone can run on their own server. The
          person or organisation that runs the Platewise you are using (the
          “operator”) decides how it is run and is responsible for your data. If
          that is not us, the operator may publish their own policy, which takes
          precedence over this one.
        </P>
        <P>
          This policy describes what the Platewise software does with personal
          data as it ships, and how we handle data on the instances we operate
          ourselves.
        </P>
      </>
    ),
  },
  {
    id: 'what',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your first and last name, e-mail
          address, phone number, state and ZIP code, and a hash of your password
          (never the password itself).
        </li>
        <li>
          <strong>Meal preferences:</strong> your weekly schedule, dietary
          restriction, allergens, custom allergens, likes, dislikes, protein
          level and serving size. Allergies and diets can reveal information
          about your health, so we treat them with particular care and use them
          only to plan your meals.
        </li>
        <li>
          <strong>What Platewise makes for you:</strong> your meal plans and
          shopping lists.
        </li>
        <li>
          <strong>Sessions and security records:</strong> for each signed-in
          browser, a device description (from the browser’s user agent) and when
          it was last active; for sign-ins, password changes and similar events,
          the time, IP address and outcome.
        </li>
      </ul>
    ),
  },
  {
    id: 'not',
    title: 'What we do not do',
    body: (
      <ul>
        <li>
          No advertising, no tracking pixels and no third-party analytics.
        </li>
        <li>
          We do not sell or rent personal data, or share it for marketing.
        </li>
        <li>
          We do not build profiles of you beyond the preferences you enter.
        </li>
      </ul>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <>
        <P>We use your data only to:</P>
        <ul>
          <li>
            run your account and plan meals and shopping lists as you asked
            (performance of our agreement with you);
          </li>
          <li>
            send the e-mails the service needs, such as verification codes and
            password-reset links;
          </li>
          <li>
            keep accounts secure, detect abuse and investigate incidents (our
            legitimate interest in a safe service);
          </li>
          <li>
            process allergy and diet information on the basis of your explicit
            consent, which you give by entering it and can withdraw by removing
            it in Settings.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'browser',
    title: 'What is stored in your browser',
    body: (
      <P>
        To keep you signed in, Platewise stores an access token and a refresh
        token in your browser’s local storage, together with your settings and
        latest plan so the app opens quickly. It also remembers your choice of
        light, dark or system theme. Logging out removes the tokens and your
        data from the browser. Platewise sets no advertising or analytics
        cookies.
      </P>
    ),
  },
  {
    id: 'google',
    title: 'Signing in with Google',
    body: (
      <P>
        If the operator has enabled it and you choose it, Google tells Platewise
        your name and e-mail address so we can create or find your account. We
        do not receive your Google password or access to anything else in your
        Google account. Google’s own privacy policy applies to what happens on
        Google’s pages.
      </P>
    ),
  },
  {
    id: 'where',
    title: 'Where your data lives and who sees it',
    body: (
      <P>
        Your data is stored in the database of the server that runs your
        Platewise. The operator’s administrators can see account details and
        change roles or disable accounts; they cannot see your password. The
        only outside services involved are the operator’s e-mail provider and,
        if you use it, Google sign-in.
      </P>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <P>
        Account data, preferences and plans are kept while your account exists.
        Sessions end when you log out, log out other browsers, or when they
        expire. Security records are kept for a limited time to investigate
        incidents and are then deleted. When you delete your account, your
        personal data is deleted; only records we must keep by law remain, for
        as long as the law requires.
      </P>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <P>
          You can see and correct most of your data in the app, log out other
          browser sessions from your profile, and delete your account. You may
          also ask for a copy of your data, its correction or deletion, or
          object to or restrict its use. Write to{' '}
          <SupportAddress subject="Privacy request" /> and we will answer within
          one month.
        </P>
        <P>
          You also have the right to complain to your data protection authority.
        </P>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <P>
        Passwords are hashed with Argon2id. Access tokens are short-lived and
        checked against your session on every request; refresh tokens are
        rotated on every use. The app runs under a strict Content Security
        Policy that blocks injected scripts. No system is perfectly secure: if
        you notice something wrong, please tell us.
      </P>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <P>
        Platewise is meant for adults who plan meals for a household. It is not
        directed at children under 16, and we do not knowingly collect their
        data.
      </P>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <P>
        If we change this policy in a way that matters, we will say so in the
        app before the change takes effect. Questions about privacy are welcome
        at <SupportAddress subject="Privacy question" />.
      </P>
    ),
  },
];

export function PrivacyPage() {
  return (
    <PublicLayout>
      <LegalDocument
        title="Privacy Policy"
        updated="22 November 2026"
        intro={
          <P>
            Platewise plans meals; it has no interest in your data beyond that.
            This page explains, in plain words, what we store, why, and what you
            can do about it.
          </P>
        }
        operatorNotice={
          <OperatorNotice
            items={[
              'Who runs this instance: your name or organisation and a postal address (section 1).',
              'The support address: set SUPPORT_EMAIL on the server; it appears here, in the footer and in every mail.',
              'Where the server and its backups are hosted, and who else processes data for you: the hosting company, the SMTP mail provider, Google if Google sign-in is on.',
              'How long you keep server logs, security records and backups.',
              'The data protection authority people can complain to, and the date of your version.',
            ]}
          />
        }
        sections={sections}
      />
    </PublicLayout>
  );
}
