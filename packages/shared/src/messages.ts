/**
 * Texts quoted by the spec (points 5 and 8). Both the web app and the server
 * take them from here, so that a text typed once is the text users see.
 */
export const messages = {
  validation: {
    passwordsDoNotMatch: 'Passwords do not match!',
    required: (field: string) => `${field} is required!`,
    invalidEmail: 'Please enter a valid email address!',
    weakPassword:
      'Password must be at least 8 characters long and contain at least one uppercase letter, one lowercase letter, one number, and one special character!',
    phoneDigits: 'Phone number must be exactly 10 digits!',
    acceptTerms: 'Please accept the Terms & Conditions and Privacy Policy.',
    fillAllFields: 'Please fill in all fields!',
    loginWithGoogle: 'Please login using Google!',
    otpLength: 'Please enter a 6-digit OTP!',
    otpEmailMissing: 'Please enter your email to verify OTP.',
    selectRole: 'Please select a role',
    recipeNameRequired: 'Name is required',
    recipeIngredientsRequired: 'Ingredients are required',
    invalidUrl: 'Invalid URL format',
    invalidImageUrls: 'One or more image URLs are invalid',
    nameAndIngredientsRequired: 'Name and ingredients are required',
    invalidImageUrl: (url: string) => `Invalid image URL: ${url}`,
    ratingRange: 'Rating must be between 0 and 5',
    atLeastOneIngredient: 'At least one ingredient is required',
    invalidIngredientsFormat: 'Invalid ingredients format',
    newPasswordMismatch: 'New password and repeat password do not match',
    userIdMissing: 'User ID not found. Please log in.',
    nothingToSave: 'No changes detected. Nothing to save.',
    servingSizePositive: 'Serving size must be a positive integer',
  },
  generic: {
    unexpectedError: 'Unexpected Application Error!',
    notFound: 'Not found',
    serverError: 'Internal Server Error',
    tooManyChanges:
      'Too many changes in a short time. Please wait a minute and try again.',
  },
} as const;
