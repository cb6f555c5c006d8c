import { describe, expect, it } from 'vitest';
import { parseBrowserName, parseOperatingSystem } from './user-agent';

const AGENTS = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  linuxOpera:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
  linuxChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.0.0 Chrome/120.0.0.0 Safari/537.36',
  unknown: 'curl/8.5.0',
};

describe('parseOperatingSystem', () => {
  it.each([
    [AGENTS.androidChrome, 'Android'],
    [AGENTS.androidSamsung, 'Android'],
    [AGENTS.iphoneSafari, 'iOS'],
    [AGENTS.iphoneChrome, 'iOS'],
    [AGENTS.windowsEdge, 'Windows'],
    [AGENTS.windowsFirefox, 'Windows'],
    [AGENTS.macSafari, 'MacOS'],
    [AGENTS.linuxOpera, 'Linux'],
    [AGENTS.unknown, 'Desconocido'],
    ['', 'Desconocido'],
  ])('reads %s as %s', (agent, name) => {
    expect(parseOperatingSystem(agent)).toBe(name);
  });
});

describe('parseBrowserName', () => {
  it.each([
    [AGENTS.androidChrome, 'Chrome'],
    [AGENTS.androidSamsung, 'Samsung Internet'],
    [AGENTS.iphoneSafari, 'Safari'],
    [AGENTS.iphoneChrome, 'Chrome'],
    [AGENTS.windowsEdge, 'Edge'],
    [AGENTS.windowsFirefox, 'Firefox'],
    [AGENTS.macSafari, 'Safari'],
    [AGENTS.linuxOpera, 'Opera'],
    [AGENTS.linuxChromium, 'Chromium'],
    [AGENTS.unknown, 'Desconocido'],
    ['', 'Desconocido'],
  ])('reads %s as %s', (agent, name) => {
    expect(parseBrowserName(agent)).toBe(name);
  });
});
