import {
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  SqliteDialect,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely's SQLite dialect with a first-come, first-served queue for its one connection.
 *
 * SQLite has one connection, which Kysely's driver guards with a lock that every waiting query
 * retries when it is released: with 50 requests in flight, each query woke up to a hundred
 * waiters just to let one through. Under the bench's load that cost more than the SQL itself
 * (a donor search: 300–370 µs of CPU through Kysely against 196 µs with the same statements run
 * directly). Here a release hands the connection to the next waiter in line, and no one else
 * wakes. Transactions keep the connection for their whole length, as before.
 */
export class FifoSqliteDialect extends SqliteDialect {
  #driver: FifoDriver | undefined;

  override createDriver(): Driver {
    this.#driver = new FifoDriver(super.createDriver());
    return this.#driver;
  }

  /**
   * Runs `read` at once when the connection is free (no query or transaction holds it, no one
   * waits), holding it for the call; answers undefined otherwise. `read` must be synchronous:
   * nothing else can then run on the connection in between.
   */
  whenIdle<T>(read: () => T): T | undefined {
    return this.#driver?.whenIdle(read);
  }
}

class FifoDriver implements Driver {
  #connection: DatabaseConnection | undefined;
  #held = false;
  readonly #waiting: Array<(connection: DatabaseConnection) => void> = [];

  constructor(private readonly inner: Driver) {}

  async init() {
    await this.inner.init();
    // Taken once and never given back to the inner driver: the queue below decides who has it.
    this.#connection = await this.inner.acquireConnection();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.#connection;
    if (!connection) return Promise.reject(new Error('The database is not open.'));
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  whenIdle<T>(read: () => T): T | undefined {
    if (this.#held || !this.#connection) return undefined;
    this.#held = true;
    try {
      return read();
    } finally {
      this.#held = false;
    }
  }

  async releaseConnection() {
    const next = this.#waiting.shift();
    if (next && this.#connection) next(this.#connection);
    else this.#held = false;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }

  destroy() {
    return this.inner.destroy();
  }
}
