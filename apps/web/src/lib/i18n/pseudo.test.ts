import { parse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { pseudoMessages } from './pseudo.ts';

describe('the pseudo-locale', () => {
  it('accents and brackets the words, keeps variables, plurals and tags working', () => {
    const messages = pseudoMessages({
      greeting: parse('Hello {name}'),
      bills: parse('{count, plural, one {# bill} other {# bills}}'),
      terms: parse('I agree to the <link>terms</link>'),
    });
    const intl = createIntl({ locale: 'en-IN', messages });
    expect(intl.formatMessage({ id: 'greeting' }, { name: 'Asha' })).toBe('⟦Ħḗŀŀǿ Asha⟧');
    expect(intl.formatMessage({ id: 'bills' }, { count: 2 })).toBe('⟦2 ƀīŀŀş⟧');
    expect(intl.formatMessage({ id: 'terms' }, { link: (chunks) => `[${chunks.join('')}]` })).toBe(
      '⟦Ī ȧɠřḗḗ ŧǿ ŧħḗ [ŧḗřḿş]⟧',
    );
  });
});
