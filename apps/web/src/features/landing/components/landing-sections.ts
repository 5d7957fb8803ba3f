import { landingSections, type LandingSection } from '../../../lib/paths';

/** The page sections the top bar and its phone menu link to. */
export const sectionLinks: Array<{ label: string; section: LandingSection }> = [
  { label: 'Home', section: landingSections.home },
  { label: 'How it works', section: landingSections.howItWorks },
  { label: 'FAQ', section: landingSections.faq },
];
