// The frame of every signed-in page (spec §2 "App shell"): sidebar, header and the page below;
// it also keeps the document title in step with the current screen.
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SidebarInset, SidebarProvider } from '../../ui/Sidebar';
import { findScreen, NOT_FOUND_TITLE } from '../screens';
import { AppHeader } from './AppHeader';
import { AppSidebar } from './AppSidebar';

export function AppShell({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const title = findScreen(pathname)?.title ?? NOT_FOUND_TITLE;

  useEffect(() => {
    document.title = `${title} · Affiliate Tracker`;
  }, [title]);

  return (
    <SidebarProvider>
      <AppSidebar />
      <SidebarInset>
        <AppHeader title={title} />
        <main className="flex-1 p-4 md:p-6">{children ?? <Outlet />}</main>
      </SidebarInset>
    </SidebarProvider>
  );
}
