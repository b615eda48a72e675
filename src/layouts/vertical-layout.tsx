import type { MenuRow } from '../routes/route-types';
import { Sidebar } from './sidebar';
import { SignedInFrame } from './signed-in-frame';

export default function VerticalLayout({ menu }: { menu: MenuRow[] }) {
  return <SignedInFrame type="vertical" menu={<Sidebar menu={menu} />} />;
}
