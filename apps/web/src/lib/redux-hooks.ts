import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/**
 * `useDispatch` that accepts thunks (RTK Query's `initiate`). Features cannot
 * import the app's store types (imports flow app → features), and need no
 * more than this.
 */
export const useThunkDispatch =
  useDispatch.withTypes<ThunkDispatch<unknown, unknown, UnknownAction>>();
