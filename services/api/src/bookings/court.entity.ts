import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'courts' })
export class Court {
  /** The court's number (1, 2), as the spec calls it: id_cort. */
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'text' })
  name!: string;
}
