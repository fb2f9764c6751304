// `npm start`: the demo. Until the console exists it runs the default emulated fleet (issue 3: "npm start runs
// this fleet until the console exists") and says how to reach it.
import { describeFleet, startFleet } from '@rackside/amp-sim';

const fleet = await startFleet();
console.log(describeFleet(fleet));
console.log(`
Try it:
  - the line API:      node -e "s=require('net').connect(4321,'127.0.1.1',()=>s.write('get /amp/deviceInfo/deviceName\\n'));s.on('data',d=>{process.stdout.write(d);s.end()})"
  - inject a fault:    curl -X POST -H 'content-type: application/json' -d '{"type":"short","channel":2}' http://127.0.1.3:8080/control/faults
  - the device API:    ws://127.0.1.1:1234 (docs/device-api.md)
The web console arrives with the local-console issue. Ctrl-C stops.`);
const stop = () => void fleet.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
