/** The operations of integrations (Unleash's addons), for `createAdmin` to bind. */
import { createAddon } from '../operations/create-addon';
import { deleteAddon } from '../operations/delete-addon';
import { getAddon } from '../operations/get-addon';
import { getAddons } from '../operations/get-addons';
import { getIntegrationEvents } from '../operations/get-integration-events';
import { testAddon } from '../operations/test-addon';
import { updateAddon } from '../operations/update-addon';

export const ADDON_OPERATIONS = { getAddons, createAddon, getAddon, updateAddon, deleteAddon, getIntegrationEvents, testAddon } as const;
