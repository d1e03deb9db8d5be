import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'courts' })
export class Court {
  /** The court's number (1, 2, then as the club adds courts), as the spec calls it: id_cort. */
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  /** The site whose agent opens this court's door (its games go into that site's schedule). */
  @Column({ name: 'site_id', type: 'text', default: 'default' })
  siteId!: string;

  /** False: taken out of booking by the club (its history stays; a court with games is never deleted). */
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  /** Where it stands in lists and on the dial's court step (then by number). */
  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
