/** The cloud service's public surface arrives with the cloud-service issue. */
export const CLOUD_SERVICE_PLANNED = true;
