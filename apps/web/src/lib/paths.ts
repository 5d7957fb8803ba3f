/**
 * Every URL of the web app (style guide: "Every URL comes from lib/paths.ts").
 * `path` is the router pattern, `getHref` builds a link.
 */
import { API_BASE_PATH, HOUSEHOLD_JOIN_PATH } from '@platewise/shared';

const fixed = <P extends string>(path: P) => ({
  path,
  getHref: () => path,
});

/** Section ids of the landing page, used as anchors and scroll targets. */
export const landingSections = {
  home: 'home',
  howItWorks: 'how-it-works',
  faq: 'faq',
  contact: 'contact',
} as const;
export type LandingSection =
  (typeof landingSections)[keyof typeof landingSections];

export const paths = {
  home: {
    path: '/',
    getHref: (section?: LandingSection) => (section ? `/#${section}` : '/'),
  },
  signup: fixed('/signup'),
  login: fixed('/login'),
  verifyEmail: {
    path: '/verifyemail',
    getHref: (email?: string) =>
      email
        ? `/verifyemail?${new URLSearchParams({ email }).toString()}`
        : '/verifyemail',
  },
  forgotPassword: fixed('/forgotpassword'),
  /** The spelling the spec's redirects use; an alias of forgotPassword. */
  forgotPasswordAlias: fixed('/forgot-password'),
  resetPassword: {
    path: '/resetpassword',
    getHref: (email: string, token: string) =>
      `/resetpassword?${new URLSearchParams({ email, token }).toString()}`,
  },
  authSuccess: fixed('/auth/success'),
  contact: fixed('/contact'),
  privacy: fixed('/privacy'),
  terms: fixed('/terms'),
  admin: {
    login: fixed('/admin'),
    loginAlias: fixed('/admin/login'),
    area: fixed('/admin/*'),
    users: {
      path: '/admin/users',
      getHref: (search?: string) =>
        search
          ? `/admin/users?${new URLSearchParams({ search }).toString()}`
          : '/admin/users',
    },
    dashboard: fixed('/admin/dashboard'),
    recipes: fixed('/admin/recipemanagement'),
    settings: fixed('/admin/settings'),
    profile: fixed('/admin/profile'),
    audit: fixed('/admin/audit'),
  },
  user: {
    dashboard: {
      path: '/user/dashboard',
      getHref: (search?: string) =>
        search
          ? `/user/dashboard?${new URLSearchParams({ q: search }).toString()}`
          : '/user/dashboard',
    },
    profile: fixed('/user/dashboard/profile'),
    shoppingList: fixed('/user/shoppinglist'),
    kitchen: fixed('/user/kitchen'),
    settings: fixed('/user/setting'),
  },
  household: {
    /** The invitation link of the mail (issue 18); HOUSEHOLD_JOIN_PATH. */
    join: {
      path: HOUSEHOLD_JOIN_PATH,
      getHref: (token: string) =>
        `${HOUSEHOLD_JOIN_PATH}?${new URLSearchParams({ token }).toString()}`,
    },
  },
  external: {
    /** The browser navigates here to start a Google sign-in (spec point 7). */
    googleAuth: (remember = false) =>
      `${API_BASE_PATH}/auth/google?${new URLSearchParams({ remember: String(remember) }).toString()}`,
  },
} as const;
