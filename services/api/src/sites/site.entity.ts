import type { AgentDriver } from '@kort/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One club of the install: its courts, settings, shelves, games and admins carry its id, and one
 * edge agent runs its door, light and shelves. "default" holds a one-club install's data (its
 * agent's token may come from EDGE_AGENT_TOKEN); owners create the others.
 */
@Entity({ name: 'sites' })
export class Site {
  /** The slug it was created with; it never changes (agents name their site by it). */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  slug!: string;

  /** IANA zone of the site's days, weeks, quotas, reminders and dial. */
  @Column({ type: 'text' })
  timezone!: string;

  @Column({ type: 'text', default: '' })
  address!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** sha256 of the agent's token; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'text', nullable: true })
  tokenHash!: string | null;

  @Column({ type: 'boolean', default: false })
  online!: boolean;

  /** The socket that made the agent online; only its own disconnect can make it offline again. */
  @Column({ name: 'agent_connection', type: 'text', nullable: true })
  agentConnection!: string | null;

  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true })
  lastSeenAt!: Date | null;

  @Column({ name: 'door_closed', type: 'boolean', nullable: true })
  doorClosed!: boolean | null;

  @Column({ name: 'agent_version', type: 'text', nullable: true })
  agentVersion!: string | null;

  /** How the agent drives its relays (its last snapshot); null before an agent reported it. */
  @Column({ name: 'agent_driver', type: 'text', nullable: true })
  agentDriver!: AgentDriver | null;

  /** The version of the last schedule issued to the agent (bigint: pg hands it over as text). */
  @Column({ name: 'schedule_version', type: 'bigint', default: 0 })
  scheduleVersion!: string;

  /** The agent's last period without the API, as it reported it on reconnect. */
  @Column({ name: 'last_offline_from', type: 'timestamptz', nullable: true })
  lastOfflineFrom!: Date | null;

  @Column({ name: 'last_offline_to', type: 'timestamptz', nullable: true })
  lastOfflineTo!: Date | null;

  /** Moved by every write of the state above (a trigger): DeviceState.version. */
  @Column({ name: 'state_version', type: 'bigint', default: 0 })
  stateVersion!: string;
}
