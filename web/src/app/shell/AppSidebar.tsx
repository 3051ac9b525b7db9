// The navigation sidebar: 'Affiliate Tracker' with the username, the menu entries this user may open
// (highlighted by the current path), and the account's Change password and Log out buttons.
import { ChartNoAxesCombined, KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  SidebarSeparator,
  useSidebar,
} from '../../ui/Sidebar';
import { ChangePasswordDialog } from '../../features/auth/ChangePasswordDialog';
import { useAuth, useSignedInUser } from '../auth/auth-context';
import { findScreen, homePathFor, menuScreensFor } from '../screens';

export function AppSidebar() {
  const user = useSignedInUser();
  const { logoutMutation } = useAuth();
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const [changingPassword, setChangingPassword] = useState(false);
  // A screen without a menu entry of its own (a campaign's flow) lights its parent's: /campaigns/:id/flow → /campaigns.
  const screenPath = findScreen(pathname)?.path;
  const activePath = screenPath?.includes(':') ? `/${screenPath.split('/')[1]}` : screenPath;
  const closeMobilePanel = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <>
      <Sidebar label="Main navigation">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton size="lg" asChild tooltip={`Affiliate Tracker (${user.username})`}>
                {/* Straight to the user's home: / would only redirect a user without the dashboard. */}
                <Link to={homePathFor(user)} onClick={closeMobilePanel}>
                  <div className="flex aspect-square size-8 shrink-0 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                    <ChartNoAxesCombined className="size-4" aria-hidden="true" />
                  </div>
                  <div className="grid flex-1 text-left leading-tight">
                    <span className="truncate font-semibold">Affiliate Tracker</span>
                    <span className="truncate text-xs text-sidebar-foreground/70" data-testid="sidebar-username">
                      {user.username}
                    </span>
                  </div>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
        <SidebarSeparator />

        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupContent>
              <SidebarMenu>
                {menuScreensFor(user).map(({ path, menu }) => {
                  if (!menu) return null;
                  const Icon = menu.icon;
                  return (
                    <SidebarMenuItem key={path}>
                      <SidebarMenuButton asChild isActive={activePath === path} tooltip={menu.label}>
                        <NavLink to={path} end onClick={closeMobilePanel}>
                          <Icon aria-hidden="true" />
                          <span>{menu.label}</span>
                        </NavLink>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        </SidebarContent>

        <SidebarSeparator />
        <SidebarFooter>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton
                tooltip="Change password"
                onClick={() => {
                  closeMobilePanel();
                  setChangingPassword(true);
                }}
              >
                <KeyRound aria-hidden="true" />
                <span>Change password</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
            <SidebarMenuItem>
              <SidebarMenuButton
                tooltip="Log out"
                disabled={logoutMutation.isPending}
                onClick={() => logoutMutation.mutate()}
              >
                <LogOut aria-hidden="true" />
                <span>{logoutMutation.isPending ? 'Logging out...' : 'Log out'}</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
        <SidebarRail />
      </Sidebar>
      {/* Beside the sidebar, not in it: on a phone the sidebar is a sheet that closes as the dialog opens. */}
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </>
  );
}
