/** GET contact/ (docs/api-overview.md): the ticket help desks. */
export interface ContactDesk {
  hd_id: number;
  hd_name: string;
  email: string | null;
  phone: string | null;
  hours: string | null;
  description: string | null;
}

export interface ContactMessage {
  subject: string;
  message: string;
  hd_id: number | null;
}
