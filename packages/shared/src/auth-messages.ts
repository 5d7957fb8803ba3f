/**
 * Texts of spec point 8 for signing in and out. The web app picks one by the
 * answer's status; the server may send its own `error` text where the spec
 * says "server error text".
 */
export const authMessages = {
  userLogin: {
    400: 'Invalid email or password format!',
    401: 'Incorrect email or password!',
    403: 'Access denied!',
    404: 'User not found! Please sign up first.',
    500: 'Server error! Please try again later.',
    fallback: 'Login failed! Please try again.',
    network: 'Network error or unexpected issue! Please try again.',
    invalidStructure: 'Invalid response structure from server.',
  },
  adminLogin: {
    400: 'Invalid email or password format!',
    401: 'Incorrect email or password!',
    403: 'Access denied: Admin role required!',
    404: 'Admin account not found!',
    500: 'Server error! Please try again later.',
    fallback: 'Login failed! Please try again.',
    network: 'Network error! Please check your connection.',
  },
  adminProfile: {
    401: 'Unauthorized: Please log in again.',
    404: 'Admin profile not found.',
    500: 'Server error. Please try again later.',
    network: 'Network error. Please check your connection.',
    fallback: 'Failed to fetch profile.',
  },
  signup: {
    success: 'Signup successful! Please verify your email.',
    fallback: 'Signup failed! Please try again.',
  },
  verify: {
    success: 'Email verified successfully!',
    fallback: 'Verification failed! Please try again.',
    expired: 'OTP has expired. Please resend OTP.',
    /** Verified in another browser: the password was dropped (ADR 008). */
    setPasswordMailed:
      'Email verified successfully! We have emailed you a link to set your password.',
  },
  resend: {
    404: 'User not found. Please sign up again.',
    alreadyVerified: 'Email is already verified. Please log in.',
    timeout: 'Request timed out. Please check your connection and try again.',
    unreachable: 'Unable to reach the server. Please try again later.',
    fallback: 'Failed to resend OTP. Please try again.',
    success: 'New OTP sent to your email!',
  },
  forgot: {
    404: 'User not found. Please check your email or sign up.',
    fallback: 'Failed to send reset request. Please try again.',
    success: 'Password reset email sent. Please check your inbox.',
  },
  reset: {
    invalidLink: 'Invalid or expired reset link. Please request a new reset.',
    mismatch: 'Passwords do not match. Please try again.',
    403: 'Your account is disabled. Contact support.',
    404: 'User not found. Please sign up first.',
    fallback: 'Failed to reset password. Please try again.',
    missingLink: 'Invalid or missing reset link.',
    success: 'Password reset successfully! Redirecting to login...',
  },
  profile: {
    loadUserFailed: 'Failed to load user data',
    loadSessionsFailed: 'Failed to load session',
    logoutOthersFailed: 'Failed to log out other sessions',
    logoutOthersSuccess: 'Other sessions logged out',
    updatePasswordFailed: 'Failed to update password',
    updatePasswordSuccess: 'Password updated successfully',
  },
  adminSessionExpired: 'Session expired. Please login again.',
  loggedOut: 'Logged out successfully',
  logoutFailed: 'Logout failed',
} as const;
