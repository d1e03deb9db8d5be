import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A site's settings that its admins edit as data (the court rules text, the storage switch…). */
@Entity({ name: 'settings' })
export class Setting {
  @PrimaryColumn({ name: 'site_id', type: 'text' })
  siteId!: string;

  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  value!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
