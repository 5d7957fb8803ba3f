import { describe, expect, it } from 'vitest';

import {
  MAX_JSON_DEPTH,
  nestsDeeperThan,
  parseBoundedJson,
} from './bounded-json.js';
import { parseJsonLd } from './recipe-import-json-ld.js';

const nested = (depth: number) => `${'['.repeat(depth)}"a"${']'.repeat(depth)}`;

describe('parseBoundedJson', () => {
  it('parses JSON up to the depth limit', () => {
    expect(parseBoundedJson(nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(parseBoundedJson('{"name":"Soup","recipeYield":"4"}')).toEqual({
      name: 'Soup',
      recipeYield: '4',
    });
  });

  it('refuses deeper nesting before building anything', () => {
    expect(parseBoundedJson(nested(MAX_JSON_DEPTH + 1))).toBeUndefined();
    expect(parseBoundedJson(nested(900_000))).toBeUndefined();
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ step: `${'['.repeat(500)} "quoted" \\` });
    expect(nestsDeeperThan(text, 2)).toBe(false);
    expect(parseBoundedJson(text, 2)).toEqual(JSON.parse(text));
  });

  it('answers undefined for text that is not JSON', () => {
    expect(parseBoundedJson('{not json')).toBeUndefined();
  });
});

describe('parseJsonLd', () => {
  it('drops a block nested 900,000 deep and keeps the recipe beside it', () => {
    const recipe = '{"@type":"Recipe","name":"Dal"}';
    const deep = `{"@type":"Recipe","recipeInstructions":${nested(900_000)}}`;
    expect(parseJsonLd([deep, recipe])).toEqual([
      { '@type': 'Recipe', name: 'Dal' },
    ]);
  });
});
