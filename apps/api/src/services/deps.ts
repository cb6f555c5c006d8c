import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Integrations } from '../integrations/index.ts';
import type { Jobs } from '../jobs/job-queue.ts';
import type { Logger } from '../logger.ts';

/** What every service receives: passed in explicitly, never reached through globals. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  integrations: Integrations;
  log: Logger;
  /** The job library, to queue background work in a transaction (absent where nothing works jobs: tests run handlers themselves). */
  jobs?: Jobs;
}
