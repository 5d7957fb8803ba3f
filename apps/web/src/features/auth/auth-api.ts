import {
  AUTH_REQUEST_TIMEOUT_MS,
  AuthProvidersResponseSchema,
  GoogleExchangeResponseSchema,
  CurrentUserResponseSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  SignupResponseSchema,
  VerifyEmailResponseSchema,
  type AuthProvidersResponse,
  type GoogleExchangeRequest,
  type GoogleExchangeResponse,
  type CurrentUserResponse,
  type EmailRequest,
  type LoginRequest,
  type LoginResponse,
  type MessageResponse,
  type ResetPasswordRequest,
  type SignupRequest,
  type SignupResponse,
  type VerifyEmailRequest,
  type VerifyEmailResponse,
} from '@platewise/shared';

import { api, type ApiExtraOptions } from '../../lib/api';

/** Public account calls: no bearer token, and a 401 is their own answer. */
const anonymous: ApiExtraOptions = { anonymous: true };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: 'users/login', method: 'POST', body }),
      extraOptions: anonymous,
      responseSchema: LoginResponseSchema,
    }),
    signup: build.mutation<SignupResponse, SignupRequest>({
      query: (body) => ({ url: 'users/signup', method: 'POST', body }),
      extraOptions: anonymous,
      responseSchema: SignupResponseSchema,
    }),
    verifyEmail: build.mutation<VerifyEmailResponse, VerifyEmailRequest>({
      query: (body) => ({ url: 'users/verify-email', method: 'POST', body }),
      extraOptions: anonymous,
      responseSchema: VerifyEmailResponseSchema,
    }),
    resendOtp: build.mutation<MessageResponse, EmailRequest>({
      query: (body) => ({
        url: 'users/resend-otp',
        method: 'POST',
        body,
        timeout: AUTH_REQUEST_TIMEOUT_MS,
      }),
      extraOptions: anonymous,
      responseSchema: MessageResponseSchema,
    }),
    forgotPassword: build.mutation<MessageResponse, EmailRequest>({
      query: (body) => ({
        url: 'users/forgot-password',
        method: 'POST',
        body,
        timeout: AUTH_REQUEST_TIMEOUT_MS,
      }),
      extraOptions: anonymous,
      responseSchema: MessageResponseSchema,
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({
        url: 'users/reset-password',
        method: 'POST',
        body,
        timeout: AUTH_REQUEST_TIMEOUT_MS,
      }),
      extraOptions: anonymous,
      responseSchema: MessageResponseSchema,
    }),
    /** /auth/success trades its one-time code (and this browser's cookie). */
    exchangeGoogleCode: build.mutation<
      GoogleExchangeResponse,
      GoogleExchangeRequest
    >({
      query: (body) => ({
        url: 'auth/google/exchange',
        method: 'POST',
        body,
        timeout: AUTH_REQUEST_TIMEOUT_MS,
      }),
      extraOptions: anonymous,
      responseSchema: GoogleExchangeResponseSchema,
    }),
    /** Ends the session on the server; the browser clears itself anyway. */
    logout: build.mutation<unknown, undefined>({
      query: () => ({
        url: 'users/logout',
        method: 'POST',
        timeout: AUTH_REQUEST_TIMEOUT_MS,
      }),
      extraOptions: { skipRefresh: true },
    }),
    getAuthProviders: build.query<AuthProvidersResponse, undefined>({
      query: () => 'auth/providers',
      extraOptions: anonymous,
      responseSchema: AuthProvidersResponseSchema,
      // A deployment's providers change with a restart, not while a page is open.
      keepUnusedDataFor: 3600,
    }),
    getCurrentUser: build.query<CurrentUserResponse, undefined>({
      query: () => 'users/me',
      responseSchema: CurrentUserResponseSchema,
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const {
  useLoginMutation,
  useSignupMutation,
  useVerifyEmailMutation,
  useResendOtpMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useExchangeGoogleCodeMutation,
  useGetAuthProvidersQuery,
  useGetCurrentUserQuery,
} = authApi;
