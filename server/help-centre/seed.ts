// Demo data for the help centre: a handful of published public articles in English and Spanish,
// linked as translations and filed in the collector's categories, so `npm start` shows a living
// /help. Idempotent: nothing is added once any public article exists.
import type { Db } from '../db/pool.js';
import { withTransaction } from '../db/transaction.js';
import { PUBLISHED_STATUS } from './public-articles.js';

interface Pair {
  category: number;
  contentType: number;
  en: [string, string];
  es: [string, string] | null;
}

const PAIRS: Pair[] = [
  {
    category: 18,
    contentType: 1,
    en: [
      'Reset your password',
      '<p>Open the sign-in page and choose <strong>Forgot password</strong>. Enter your work email; a link to set a new password arrives within a few minutes.</p><p>The link works once and for one hour.</p>',
    ],
    es: [
      'Restablecer su contraseña',
      '<p>Abra la página de inicio de sesión y elija <strong>¿Olvidó su contraseña?</strong>. Escriba su correo de trabajo; en unos minutos recibirá un enlace para establecer una contraseña nueva.</p><p>El enlace funciona una vez y durante una hora.</p>',
    ],
  },
  {
    category: 14,
    contentType: 1,
    en: [
      'Connect to the VPN from home',
      '<p>Install the VPN client from the software portal, start it and sign in with your work account.</p><ul><li>Choose the server nearest to you.</li><li>Keep the client open while you work.</li></ul>',
    ],
    es: [
      'Conectarse a la VPN desde casa',
      '<p>Instale el cliente VPN desde el portal de software, ábralo e inicie sesión con su cuenta de trabajo.</p><ul><li>Elija el servidor más cercano.</li><li>Mantenga el cliente abierto mientras trabaja.</li></ul>',
    ],
  },
  {
    category: 3,
    contentType: 3,
    en: [
      'The printer shows "Paper jam"',
      '<p>Open the front panel, pull the jammed sheet out slowly with both hands and close the panel. If the message stays, turn the printer off and on again.</p>',
    ],
    es: [
      'La impresora muestra «Atasco de papel»',
      '<p>Abra el panel frontal, retire despacio la hoja atascada con las dos manos y cierre el panel. Si el mensaje sigue, apague y vuelva a encender la impresora.</p>',
    ],
  },
  {
    category: 22,
    contentType: 5,
    en: [
      'How to request annual leave',
      '<p>Request leave in the HR portal at least two weeks ahead. Your manager approves it and you receive a confirmation by email.</p>',
    ],
    es: [
      'Cómo solicitar vacaciones',
      '<p>Solicite las vacaciones en el portal de RR. HH. con al menos dos semanas de antelación. Su responsable las aprueba y recibirá una confirmación por correo.</p>',
    ],
  },
  {
    category: 15,
    contentType: 2,
    en: [
      'Which Wi-Fi network should I use?',
      '<p>Use <strong>Office</strong> with your work account on company devices, and <strong>Guest</strong> for visitors and personal phones.</p>',
    ],
    es: null,
  },
];

export async function seedHelpCentre(db: Db, authorId: number): Promise<void> {
  await withTransaction(db, async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM records WHERE is_public LIMIT 1');
    if (rows.length) return;
    for (const pair of PAIRS) {
      const insert = async (language: 'en' | 'es', [title, body]: [string, string]) => {
        const { rows: made } = await tx.query<{ id: string }>(
          `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id,
                                content_type_id, searchable, is_public, language)
           VALUES ('C', $1, $2, $3, 7, $4, $5, true, true, $6) RETURNING id`,
          [title, body, authorId, PUBLISHED_STATUS, pair.contentType, language],
        );
        const id = Number(made[0].id);
        // Every record's history starts with its creation.
        await tx.query(
          `INSERT INTO record_events (record_id, actor_id, action, details)
           VALUES ($1, $2, 'created', '{}')`,
          [id, authorId],
        );
        await tx.query('INSERT INTO record_categories (record_id, category_id) VALUES ($1, $2)', [
          id,
          pair.category,
        ]);
        return id;
      };
      const en = await insert('en', pair.en);
      if (pair.es) {
        const es = await insert('es', pair.es);
        await tx.query('UPDATE records SET translation_group = $1 WHERE id IN ($1, $2)', [en, es]);
      }
    }
  });
}
