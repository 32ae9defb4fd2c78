import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAIN_IDS } from './chains';
import { CRITERION_IDS } from './criteria';
import { LADDER_DECISIONS, SANCTION_KINDS } from './sanctions';
import {
  DEFAULT_COUNTING,
  DIRECT_ENCOUNTER_MODES,
  FOUL_COUNTS,
  STRONG_OPPONENT_METHODS,
  UNPLAYED_OPPONENT_VALUES,
  WITHDRAWN_OPPONENT_VALUES,
} from './settings';
import { FORMATS, WITHDRAWAL_REASONS } from './withdrawals';

/** The JSON Schema of the file extras lists exactly the vocabularies of the code. */
describe('standings-extras.schema.json', () => {
  const schema = JSON.parse(readFileSync(join(__dirname, '..', 'standings-extras.schema.json'), 'utf8'));
  const defs = schema.$defs;
  test('enums', () => {
    expect(defs.standings.properties.format.enum).toEqual([...FORMATS]);
    expect(defs.standings.properties.chain.oneOf[0].enum).toEqual([...CHAIN_IDS]);
    expect(defs.standings.properties.chain.oneOf[1].items.enum).toEqual([...CRITERION_IDS]);
    expect(defs.sanction.properties.kind.enum).toEqual([...SANCTION_KINDS]);
    expect(defs.sanction.properties.decision.enum).toEqual([...LADDER_DECISIONS]);
    expect(defs.withdrawal.properties.reason.enum).toEqual([...WITHDRAWAL_REASONS]);
    const c = defs.standings.properties.counting.properties;
    expect(c.forfeitInOpponentCriteria.enum).toEqual([...UNPLAYED_OPPONENT_VALUES]);
    expect(c.withdrawnOpponent.enum).toEqual([...WITHDRAWN_OPPONENT_VALUES]);
    expect(c.directEncounter.enum).toEqual([...DIRECT_ENCOUNTER_MODES]);
    expect(c.strongOpponent.enum).toEqual([...STRONG_OPPONENT_METHODS]);
    expect(c.fouls.enum).toEqual([...FOUL_COUNTS]);
  });
  test('documented defaults are the code’s defaults', () => {
    const c = defs.standings.properties.counting.properties;
    expect(Object.keys(c).sort()).toEqual(Object.keys(DEFAULT_COUNTING).sort());
    for (const [key, value] of Object.entries(DEFAULT_COUNTING)) expect([key, c[key].default]).toEqual([key, value]);
  });
});
