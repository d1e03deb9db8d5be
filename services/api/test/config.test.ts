import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config/app-config';

describe('configuration is validated at boot', () => {
  test('defaults give a working development setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/kort',
      redisUrl: 'redis://127.0.0.1:6379',
      siteTimezone: 'Europe/Moscow',
    });
  });

  test('/metrics for the private networks, the API reference for anyone in development and the private networks in production', () => {
    expect(loadConfig({}).access).toEqual({ metrics: 'loopback,uniquelocal', apiDocs: 'all' });
    const production = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://kort@db:5432/kort',
      REDIS_URL: 'redis://redis:6379',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://kort.example.ru',
      EDGE_AGENT_TOKEN: 'agent-token-0123456789',
    });
    expect(production.access).toEqual({ metrics: 'loopback,uniquelocal', apiDocs: 'loopback,uniquelocal' });
    expect(loadConfig({ API_DOCS_ALLOW: 'all', METRICS_ALLOW: '10.0.0.0/8, 192.168.0.5' }).access).toEqual({
      metrics: '10.0.0.0/8, 192.168.0.5',
      apiDocs: 'all',
    });
    expect(() => loadConfig({ METRICS_ALLOW: 'everyone' })).toThrow(/METRICS_ALLOW must be 'all' or addresses/);
  });

  test('the web apps are served from the workspace unless absolute folders are named', () => {
    const workspace = loadConfig({}).webApps;
    expect(workspace.playerDir).toMatch(/player-web[/\\]dist$/);
    expect(workspace.adminDir).toMatch(/admin-dashboard[/\\]dist$/);
    expect(loadConfig({ PLAYER_WEB_DIR: '/srv/kort/player', ADMIN_WEB_DIR: '/srv/kort/admin' }).webApps).toEqual({
      playerDir: '/srv/kort/player',
      adminDir: '/srv/kort/admin',
    });
    expect(() => loadConfig({ PLAYER_WEB_DIR: 'player-web/dist' })).toThrow(/PLAYER_WEB_DIR must be an absolute path/);
  });

  test('every problem is listed at once, by variable name', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/kort',
        SITE_TIMEZONE: 'Mars/Olympus',
        NODE_ENV: 'production',
        REDIS_URL: 'redis://redis:6379',
        SMTP_URL: 'smtp://mail:25',
        PUBLIC_URL: 'https://kort.example.ru',
        EDGE_AGENT_TOKEN: 'agent-token-0123456789',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(/PORT/);
      expect(problems.join('\n')).toMatch(/DATABASE_URL must be a URL starting with postgres:\/\//);
      expect(problems.join('\n')).toMatch(/SITE_TIMEZONE must be an IANA time zone/);
      expect(problems.join('\n')).toMatch(/SESSION_SECRET is required when NODE_ENV=production/);
    }
  });

  test('the API process prints a readable list and exits 1, with no stack trace', () => {
    const result = spawnSync(process.execPath, [join(__dirname, '../dist/main.js')], {
      env: { PATH: process.env.PATH, REDIS_URL: 'http://not-redis', NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Kort cannot start: the configuration is invalid.');
    expect(result.stderr).toContain('  - REDIS_URL must be a URL starting with redis:// or rediss://');
    expect(result.stderr).toContain('  - SESSION_SECRET is required when NODE_ENV=production');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  test('the door window and the light: defaults, set values, and every wrong one listed', () => {
    expect(loadConfig({})).toMatchObject({
      doorWindow: { opensBeforeMin: 15, closesAfterMin: 0 },
      light: { onBeforeMin: null, offAfterMin: 5, manualMaxMin: 120 },
    });
    expect(
      loadConfig({
        DOOR_OPENS_BEFORE_MIN: '30',
        DOOR_CLOSES_AFTER_MIN: '10',
        LIGHT_ON_BEFORE_MIN: '0',
        LIGHT_OFF_AFTER_MIN: '0',
        LIGHT_MANUAL_MAX_MIN: '45',
      }),
    ).toMatchObject({
      doorWindow: { opensBeforeMin: 30, closesAfterMin: 10 },
      light: { onBeforeMin: 0, offAfterMin: 0, manualMaxMin: 45 },
    });
    // Empty means unset: the light goes on when the door opens.
    expect(loadConfig({ LIGHT_ON_BEFORE_MIN: '' }).light.onBeforeMin).toBeNull();

    const attempt = () =>
      loadConfig({
        DOOR_OPENS_BEFORE_MIN: 'soon',
        DOOR_CLOSES_AFTER_MIN: '-5',
        LIGHT_ON_BEFORE_MIN: '2.5',
        LIGHT_OFF_AFTER_MIN: '121',
        LIGHT_MANUAL_MAX_MIN: '0',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems).toEqual([
        'DOOR_OPENS_BEFORE_MIN must be a whole number of minutes from 0 to 120',
        'DOOR_CLOSES_AFTER_MIN must be a whole number of minutes from 0 to 120',
        'LIGHT_ON_BEFORE_MIN must be a whole number of minutes from 0 to 120',
        'LIGHT_OFF_AFTER_MIN must be a whole number of minutes from 0 to 120',
        'LIGHT_MANUAL_MAX_MIN must be a whole number of minutes from 1 to 1440',
      ]);
    }
  });
});
