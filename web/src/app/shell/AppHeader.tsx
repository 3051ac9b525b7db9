// The bar above every signed-in page: the sidebar toggle and the current screen's title.
import { Separator } from '../../ui/Separator';
import { SidebarTrigger } from '../../ui/Sidebar';

export function AppHeader({ title }: { title: string }) {
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
      <span className="truncate text-sm font-medium">{title}</span>
    </header>
  );
}
