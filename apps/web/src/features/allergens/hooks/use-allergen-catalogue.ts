import { USER_TOAST_MS } from '@platewise/shared';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';

import { notify } from '../../../lib/notifications';
import { useListAllergensQuery } from '../allergens-api';
import { allergenMessages } from '../allergens-messages';
import {
  allergenCategoriesLoaded,
  selectAllergenCategories,
} from '../allergens-slice';

/**
 * The allergen catalogue for the Allergens dialog: fetched with RTK Query
 * and kept in the persisted `allergensAndCategories` slice (spec point 3),
 * so the dialog opens with the last copy while a fresh one loads.
 */
export function useAllergenCatalogue() {
  const dispatch = useDispatch();
  const categories = useSelector(selectAllergenCategories);
  const { data, isError, isFetching, refetch } = useListAllergensQuery(
    undefined,
    { refetchOnMountOrArgChange: true },
  );

  useEffect(() => {
    if (data) dispatch(allergenCategoriesLoaded(data.data));
  }, [data, dispatch]);

  useEffect(() => {
    if (isError) {
      notify(allergenMessages.loadFailed, {
        severity: 'error',
        durationMs: USER_TOAST_MS,
      });
    }
  }, [isError]);

  return {
    categories,
    loading: isFetching,
    loadFailed: isError,
    retry: () => void refetch(),
  };
}
