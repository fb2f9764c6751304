// `npm run cloud`: the cloud service arrives with its own issue (identity, venues, device shadows over MQTT).
console.log('Rackside cloud: not built yet. It arrives with the cloud-service issue; `npm run sim` runs the amp emulator today.');
