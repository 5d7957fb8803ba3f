import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/render';
import { UserShell } from './user-shell';

describe('the user shell’s lists (issue 11)', () => {
  it('hold nothing but li elements', () => {
    const { container } = renderWithProviders(
      <UserShell userName="Robin" onLogout={() => undefined}>
        <h1>Page</h1>
      </UserShell>,
      { route: '/user/dashboard' },
    );
    const lists = [...container.ownerDocument.querySelectorAll('ul, ol')];
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) {
      for (const child of list.children) {
        expect([list.className, child.tagName]).toEqual([list.className, 'LI']);
      }
    }
  });
});
