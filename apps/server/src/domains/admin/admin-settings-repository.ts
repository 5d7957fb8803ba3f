import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  adminSettings,
  type AdminSettingsRow,
} from '../../db/schema/admin-settings.js';
import type { Executor } from '../../db/transaction.js';

const SETTINGS_ID = 1;

export type AdminSettingsValues = Pick<
  AdminSettingsRow,
  'signupOpen' | 'plannerWeights' | 'updatedAt' | 'updatedBy'
>;

export function createAdminSettingsRepository(db: Database) {
  // Read on every sign-up and settings page: prepared once.
  const current = db
    .select()
    .from(adminSettings)
    .where(eq(adminSettings.id, SETTINGS_ID))
    .prepare('admin_settings_current');

  return {
    /** The one row, or null before the first change (defaults apply). */
    async get(): Promise<AdminSettingsRow | null> {
      const [row] = await current.execute();
      return row ?? null;
    },

    /**
     * The row, locked until `tx` ends; created with the defaults first if
     * missing, so two admins' changes apply one after the other.
     */
    async lock(tx: Executor): Promise<AdminSettingsRow> {
      await tx
        .insert(adminSettings)
        .values({ id: SETTINGS_ID })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(adminSettings)
        .where(eq(adminSettings.id, SETTINGS_ID))
        .for('update');
      if (!row) throw new Error('admin_settings row missing after insert');
      return row;
    },

    async update(
      values: Partial<AdminSettingsValues>,
      tx: Executor,
    ): Promise<AdminSettingsRow> {
      const [row] = await tx
        .update(adminSettings)
        .set(values)
        .where(eq(adminSettings.id, SETTINGS_ID))
        .returning();
      if (!row) throw new Error('admin_settings row missing');
      return row;
    },
  };
}

export type AdminSettingsRepository = ReturnType<
  typeof createAdminSettingsRepository
>;
