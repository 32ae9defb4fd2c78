import { DatabaseUnavailableError, isDatabaseUnavailable } from './database-unavailable';

/** The shapes seen while an embedded PostgreSQL was killed and restarted under load (issue 23 #6). */
const driverError = (cause: Record<string, unknown>) => Object.assign(new Error('driver'), { name: 'DriverAdapterError', cause });
const prismaError = (code: string, message: string, cause?: Record<string, unknown>) =>
  Object.assign(new Error(message), { name: 'PrismaClientKnownRequestError', code, meta: cause ? { driverAdapterError: driverError(cause) } : {} });

describe('isDatabaseUnavailable', () => {
  test.each([
    [
      'P1001 can’t reach',
      prismaError('P1001', "Can't reach database server at 127.0.0.1:41511", { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 41511 }),
    ],
    [
      'P2010 raw query, not reachable',
      prismaError('P2010', "Raw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:41511`", { kind: 'DatabaseNotReachable' }),
    ],
    [
      'P2039 57P03 not yet accepting',
      prismaError('P2039', 'Database error. Code: `57P03`. Message: `the database system is not yet accepting connections`', {
        kind: 'postgres',
        originalCode: '57P03',
      }),
    ],
    [
      'P2010 57P03 starting up',
      prismaError('P2010', 'Raw query failed. Code: `57P03`. Message: `the database system is starting up`', { kind: 'postgres', originalCode: '57P03' }),
    ],
    [
      '57P01 admin shutdown',
      prismaError('P2039', 'Database error. Code: `57P01`. Message: `terminating connection due to administrator command`', {
        kind: 'postgres',
        originalCode: '57P01',
      }),
    ],
    ['57P02 crash shutdown', prismaError('P2039', 'x', { kind: 'postgres', originalCode: '57P02' })],
    ['08006 connection failure', prismaError('P2039', 'x', { kind: 'postgres', originalCode: '08006' })],
    ['53300 too many connections', prismaError('P2037', 'Too many database connections opened', { kind: 'TooManyConnections' })],
    ['P1017 closed', prismaError('P1017', 'Server has closed the connection.', { kind: 'ConnectionClosed' })],
    ['P2028 no transaction in time', prismaError('P2028', 'Transaction API error: Unable to start a transaction in the given time.')],
    ['a typed query without its result', new DatabaseUnavailableError('x: the database returned no result')],
    ['pg: Connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg: not queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['node: refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'wrapped twice',
      Object.assign(new Error('outer'), { cause: Object.assign(new Error('inner'), { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }) }),
    ],
  ])('%s → unavailable', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  test.each([
    ['a unique violation', prismaError('P2002', 'Unique constraint failed', { kind: 'UniqueConstraintViolation' })],
    ['a syntax error', prismaError('P2010', 'Raw query failed. Code: `42601`. Message: `syntax error`', { kind: 'postgres', originalCode: '42601' })],
    ['a division by zero', prismaError('P2039', 'x', { kind: 'postgres', originalCode: '22012' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('%s → not unavailable', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));

  it('stops on a cause cycle', () => {
    const a: { cause?: unknown } & Error = new Error('a');
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
