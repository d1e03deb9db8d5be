import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Club settings that admins edit as data (the court rules text, later the storage switch…). */
@Entity({ name: 'settings' })
export class Setting {
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  value!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
