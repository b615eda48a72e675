import i18n from '../../lib/i18n';
import en from '../../locales/en/article-review.json';
import es from '../../locales/es/article-review.json';

/** The 'articleReview' namespace loads with its panel or page, not with the first page. */
if (!i18n.hasResourceBundle('en', 'articleReview')) {
  i18n.addResourceBundle('en', 'articleReview', en);
  i18n.addResourceBundle('es', 'articleReview', es);
}
