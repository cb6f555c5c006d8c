import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot, SETTING_NAMES } from '../src/config.ts';

// Issue 34 point 6: deploy/ stays in step with the server. The environment template lists every
// setting config.ts reads, each with its meaning; the units run files the build makes and stop
// within the graceful shutdown's time; HAProxy checks readiness on both instances.

const deploy = (name: string) => readFileSync(path.join(repoRoot, 'deploy', name), 'utf8');
const SETTING_LINE = /^#?([A-Z][A-Z0-9_]*)=(.*)$/;

/** The template's settings (`NAME=value`, or `#NAME=default` when left at the default) in order. */
function templateSettings(): { name: string; value: string; commented: boolean; line: number }[] {
  return deploy('prestamos.env.example')
    .split('\n')
    .flatMap((text, line) => {
      const match = SETTING_LINE.exec(text);
      // systemd takes the double quotes off a value, as a shell does.
      const value = match?.[2]!.replace(/^"(.*)"$/, '$1');
      return match ? [{ name: match[1]!, value: value!, commented: text.startsWith('#'), line }] : [];
    });
}

describe('deploy/prestamos.env.example', () => {
  it('lists every setting of config.ts once, and nothing config.ts does not read', () => {
    const names = templateSettings().map((s) => s.name);
    expect(SETTING_NAMES.filter((name) => !names.includes(name))).toEqual([]);
    expect(names.filter((name) => !(SETTING_NAMES as string[]).includes(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('explains each setting in a comment above it', () => {
    const lines = deploy('prestamos.env.example').split('\n');
    for (const setting of templateSettings()) {
      // The nearest line above that is not another setting is the explanation (settings that go
      // together, such as S3_*, share one).
      let above = setting.line - 1;
      while (above >= 0 && SETTING_LINE.test(lines[above]!)) above -= 1;
      expect(lines[above], setting.name).toMatch(/^# \S.{10,}/);
    }
  });

  it('is a production configuration the server accepts once the placeholders are filled in', () => {
    const env = Object.fromEntries(
      templateSettings()
        .filter((s) => !s.commented)
        .map((s) => [s.name, s.value.replace(/CHANGE-ME[\w-]*/g, 'x'.repeat(40))]),
    );
    const config = loadConfig(env);
    expect(config.isProduction).toBe(true);
    expect(config.trustProxy).toEqual(['127.0.0.1']);
    expect(config.brandName).toBe('Préstamos HN');
    // The port comes from the unit (prestamos-api@<port>): the file's values would override it.
    expect(env.PORT).toBeUndefined();
  });
});

describe('deploy/ systemd units and HAProxy', () => {
  it('runs only what the build compiles', () => {
    const built = readFileSync(path.join(repoRoot, 'scripts/build-server.mjs'), 'utf8');
    for (const unit of [
      'prestamos-api@.service',
      'prestamos-servicing.service',
      'prestamos-backup.service',
    ]) {
      const [, file] =
        /^ExecStart=\/usr\/bin\/node (?:--\S+ )*apps\/api\/dist\/([\w-]+)\.js/m.exec(deploy(unit)) ?? [];
      expect(file, unit).toBeDefined();
      expect(built).toContain(`'${file}'`);
      expect(existsSync(path.join(repoRoot, `apps/api/src/${file}.ts`))).toBe(true);
      expect(deploy(unit)).toContain('EnvironmentFile=/etc/prestamos/prestamos.env');
    }
  });

  it('gives a stopping instance more time than SHUTDOWN_GRACE_SECONDS, with SIGTERM', () => {
    const unit = deploy('prestamos-api@.service');
    const grace = Number(templateSettings().find((s) => s.name === 'SHUTDOWN_GRACE_SECONDS')?.value);
    const stop = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    expect(stop).toBeGreaterThan(grace);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^Environment=PORT=%i$/m);
  });

  it('balances two instances checked on /api/ready, with timeouts above the live channel heartbeat', () => {
    const cfg = deploy('haproxy.cfg');
    expect(cfg).toMatch(/http-check send meth GET uri \/api\/ready/);
    expect(cfg.match(/^\s+server \w+ 127\.0\.0\.1:\d+ check$/gm)).toHaveLength(2);
    const seconds = (name: string) => Number(new RegExp(`timeout ${name} (\\d+)s`).exec(cfg)?.[1]);
    expect(seconds('server')).toBeGreaterThan(25);
    expect(seconds('client')).toBeGreaterThan(25);
  });
});
