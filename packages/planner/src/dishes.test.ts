import { describe, expect, it } from 'vitest';

import { dishKind, headNoun } from './dishes.js';

describe('dish names', () => {
  it.each([
    ['Miso Salmon with Bok Choy', 'salmon'],
    ['Greek Salad', 'salad'],
    ['Chicken and Ginger Congee', 'congee'],
  ])("reads the head noun of '%s' as %s", (name, head) => {
    expect(headNoun(name)).toBe(head);
  });

  it('reads bread with tomato under its Italian and Spanish names as one dish', () => {
    expect(headNoun('Pane e Pomodoro')).toBe(headNoun('Pan con Tomate'));
    expect(headNoun('Pane e Pomodoro')).not.toBe(headNoun('Pan con Queso'));
  });

  it.each([
    ['Loaded Tofu Scramble', 'egg'],
    ['Spiced Tofu Bhurji', 'egg'],
    ['Turkish Menemen', 'egg'],
    ['Besan Chilla', 'pancake'],
    ['Weeknight Chana Masala', 'curry'],
    ['Masala Omelette', 'egg'],
    ['Chicken Tikka Masala', 'curry'],
    ['Classic Egg Fried Rice', 'rice'],
    ['Cinnamon French Toast', 'pancake'],
  ])("reads '%s' as a dish of kind %s", (name, kind) => {
    expect(dishKind(name)).toBe(kind);
  });
});
