/** An end user of a merchant project; `identifier` is the merchant's own, unchangeable id for them. */
export interface User {
  id: string;
  projectId: number;
  identifier: string;
  displayName: string | null;
  email: string | null;
  phone: string | null;
  locale: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

export type NewUser = Omit<User, 'id' | 'createdAt'>;
