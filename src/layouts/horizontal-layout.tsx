import type { MenuRow } from '../routes/route-types';
import { HorizontalMenu } from './sidebar';
import { SignedInFrame } from './signed-in-frame';

export default function HorizontalLayout({ menu }: { menu: MenuRow[] }) {
  return <SignedInFrame type="horizontal" menu={<HorizontalMenu menu={menu} />} />;
}
