import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'courts' })
export class Court {
  /** The court's number (1, 2), as the spec calls it: id_cort. */
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  /** The site whose agent opens this court's door (its games go into that site's schedule). */
  @Column({ name: 'site_id', type: 'text', default: 'default' })
  siteId!: string;
}
