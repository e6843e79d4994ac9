// Notifications: the header's bell with the unread count and the list.
export { NotificationsButton } from './components/notifications-button';
