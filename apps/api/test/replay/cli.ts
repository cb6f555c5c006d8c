import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { checkReplay, openReplayApp, readRecording, runReplay, type Recording } from './replay.ts';

// The command line of the API replay, run by scripts/replay-api.ts (`npm run replay:api`): see that
// file for what the replay covers, what it normalizes and why.

const USAGE = 'Usage: npm run replay:api -- --record FILE | --check FILE';

/**
 * Writes a recording as JSON formatted by the repository's Prettier settings (it is committed, read
 * in reviews, and `npm run format:check` covers it).
 */
async function writeRecording(file: string, recording: Recording): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(recording), { ...options, filepath: file }));
}

/**
 * `--record FILE`: replays and writes the recording (exit code 0). `--check FILE`: replays and
 * compares with FILE: 0 and "N answers identical", or 1 and the first differing request with a diff
 * of its body. 2 for a wrong command line.
 */
export async function replayCli(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { record: { type: 'string' }, check: { type: 'string' } } });
  if ((values.record === undefined) === (values.check === undefined)) {
    console.error(USAGE);
    return 2;
  }
  const target = await openReplayApp();
  try {
    if (values.record !== undefined) {
      const { recording, error } = await runReplay(target);
      if (error) {
        // What was recorded up to the failure, to see the answer the scenario did not expect.
        await writeRecording(`${values.record}.partial`, recording);
        console.error(
          `The replay failed after request ${recording.count} (see ${values.record}.partial):`,
          error,
        );
        return 1;
      }
      await writeRecording(values.record, recording);
      console.log(`${recording.count} answers recorded to ${values.record}`);
      return 0;
    }
    const comparison = await checkReplay(target, readRecording(values.check!));
    if (comparison.identical) {
      console.log(`${comparison.count} answers identical`);
      return 0;
    }
    console.error(comparison.report);
    return 1;
  } finally {
    await target.close();
  }
}
