import { router } from "../../trpc/builders";
import { listWebhookDeliveriesProcedure, retryWebhookDeliveryProcedure, testWebhookProcedure } from "./deliveries";
import {
  createWebhookProcedure,
  deleteWebhookProcedure,
  getWebhookProcedure,
  listWebhooksProcedure,
  rotateWebhookSecretProcedure,
  updateWebhookProcedure,
} from "./endpoints";

export const webhooksRouter = router({
  list: listWebhooksProcedure,
  get: getWebhookProcedure,
  create: createWebhookProcedure,
  update: updateWebhookProcedure,
  delete: deleteWebhookProcedure,
  rotateSecret: rotateWebhookSecretProcedure,
  deliveries: listWebhookDeliveriesProcedure,
  retryDelivery: retryWebhookDeliveryProcedure,
  test: testWebhookProcedure,
});
