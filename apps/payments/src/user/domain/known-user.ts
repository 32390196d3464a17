/** A user payments charges, as users-recurring announced it (its user events). */
export interface KnownUser {
  id: string;
  projectId: number;
  identifier: string;
  displayName: string | null;
  email: string | null;
  phone: string | null;
  locale: string | null;
  ip: string | null;
  createdAt: Date;
}
