import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CommandAction } from '@kort/contracts';

export type SocketNamespace = '/edge' | '/live';
type RequestLabels = Record<'method' | 'route' | 'status', string>;
const WEBHOOK_REFUSALS = ['missing', 'wrong'] as const;
export type WebhookRefusal = (typeof WEBHOOK_REFUSALS)[number];

/**
 * The metrics the rest of the app feeds: HTTP timings, device commands, notices, socket.io connections.
 * Every value here is this process's own; PromQL sums them across replicas.
 */
@Injectable()
export class MetricsService {
  private readonly requests: Histogram<keyof RequestLabels>;
  private readonly commands: Counter<'action' | 'outcome'>;
  private readonly notices: Counter<'channel' | 'kind' | 'outcome'>;
  private readonly deferredAgents: Counter;
  private readonly webhookRefusals: Counter<'reason'>;
  private readonly sockets = new Map<SocketNamespace, () => number>();

  constructor(registry: Registry) {
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help:
        'HTTP request latency by method, route pattern (`unmatched` when no route matched) and status. ' +
        'Per process: sum() the buckets across replicas.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    this.commands = new Counter({
      name: 'kort_commands_total',
      help:
        'Device commands by action and outcome (done, or the delivery failure: agent-offline, ' +
        'deadline-passed, no-ack, agent-refused, service-unavailable, error), counted by the replica that ' +
        'took the call. Per process: sum() across replicas.',
      labelNames: ['action', 'outcome'],
      registers: [registry],
    });
    this.notices = new Counter({
      name: 'kort_notices_total',
      help:
        'Notices to players by channel (email, telegram, push), kind (reminders, waitlist, club, no_shows) and ' +
        'outcome: sent, dropped (will never go: channel gone, too late, account gone) or failed (a try that will ' +
        'be retried). Per process: sum() across replicas.',
      labelNames: ['channel', 'kind', 'outcome'],
      registers: [registry],
    });
    this.deferredAgents = new Counter({
      name: 'kort_agent_connects_deferred_total',
      help:
        'Agent connections refused at the upgrade because this replica took its connect rate already (they ' +
        'retry with their backoff). Per process: sum() across replicas.',
      registers: [registry],
    });
    this.webhookRefusals = new Counter({
      name: 'kort_telegram_webhook_refused_total',
      help:
        'Calls to the Telegram webhook refused by reason: missing (no secret header) or wrong (not ' +
        "TELEGRAM_WEBHOOK_SECRET). The log has a burst's first refusal and a count a minute. Per process: " +
        'sum() across replicas.',
      labelNames: ['reason'],
      registers: [registry],
    });
    // Both series from the start, so that a rate() sees the first refusal.
    for (const reason of WEBHOOK_REFUSALS) this.webhookRefusals.inc({ reason }, 0);
    // Read at scrape time from the namespaces themselves: nothing to keep in step.
    const sockets = this.sockets;
    new Gauge({
      name: 'kort_socket_connections',
      help: 'socket.io connections to this replica, by namespace. Per process: sum() across replicas.',
      labelNames: ['namespace'],
      registers: [registry],
      collect() {
        for (const [namespace, count] of sockets) this.set({ namespace }, count());
      },
    });
    new Gauge({
      name: 'kort_agents_online',
      help: 'Edge agents connected to this replica. Per process: sum() across replicas.',
      registers: [registry],
      // The /edge namespace admits authenticated agents only: each of its sockets is one.
      collect() {
        this.set(sockets.get('/edge')?.() ?? 0);
      },
    });
  }

  /** Starts timing a request; the returned function records it once its answer is known. */
  timeRequest(): (labels: RequestLabels) => void {
    return this.requests.startTimer();
  }

  commandFinished(action: CommandAction, outcome: string): void {
    this.commands.inc({ action, outcome });
  }

  agentDeferred(): void {
    this.deferredAgents.inc();
  }

  webhookRefused(reason: WebhookRefusal): void {
    this.webhookRefusals.inc({ reason });
  }

  noticeFinished(channel: string, kind: string, outcome: 'sent' | 'dropped' | 'failed'): void {
    this.notices.inc({ channel, kind, outcome });
  }

  /** A gateway registers how many sockets it holds; the count is read when Prometheus scrapes. */
  watchSockets(namespace: SocketNamespace, count: () => number): void {
    this.sockets.set(namespace, count);
  }
}
