// The admin page offers exactly the constraint operators core accepts: the UI's list and core's
// CONSTRAINT_OPERATORS are the same set, so neither can gain or lose an operator alone.
import { CONSTRAINT_OPERATORS } from '@flagadmin/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONSTRAINT_OPERATORS as UI_OPERATORS, takesCaseInsensitive, takesOneValue } from '../packages/ui/src/client/flag-config';

test("the page's operator list is core's CONSTRAINT_OPERATORS", () => {
  const ui = UI_OPERATORS.map((o) => o.operator);
  assert.is(new Set(ui).size, ui.length, 'no operator twice in the page');
  assert.equal([...ui].sort(), [...CONSTRAINT_OPERATORS].sort());
});

test('the page sends one value where core wants one, and offers caseInsensitive for the string operators and REGEX', () => {
  const single = CONSTRAINT_OPERATORS.filter(takesOneValue);
  assert.equal(single, [
    'NUM_EQ',
    'NUM_GT',
    'NUM_GTE',
    'NUM_LT',
    'NUM_LTE',
    'DATE_AFTER',
    'DATE_BEFORE',
    'SEMVER_EQ',
    'SEMVER_GT',
    'SEMVER_LT',
    'SEMVER_GTE',
    'SEMVER_LTE',
    'REGEX',
  ]);
  assert.equal(CONSTRAINT_OPERATORS.filter(takesCaseInsensitive), ['STR_CONTAINS', 'STR_STARTS_WITH', 'STR_ENDS_WITH', 'REGEX']);
});

test.run();
