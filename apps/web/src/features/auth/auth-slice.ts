/**
 * Slice `user` (spec point 3): the signed-in user's data, empty until set and
 * empty again after logout. Persisted under `persist:root`.
 */
import type { UserData } from '@platewise/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { sessionEnded } from '../../lib/session-actions';

export interface UserState {
  userData: UserData | null;
}

export const initialUserState: UserState = { userData: null };

export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    userDataReceived(state, action: PayloadAction<UserData>) {
      state.userData = action.payload;
    },
    userDataCleared: () => initialUserState,
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialUserState);
  },
  selectors: {
    selectUserData: (state) => state.userData,
    /** The user guard's test: a user id present in stored state (spec point 4). */
    selectUserId: (state) => state.userData?.id ?? null,
  },
});

export const { userDataReceived, userDataCleared } = userSlice.actions;
export const { selectUserData, selectUserId } = userSlice.selectors;
