/**
 * The player simulator (`signage simulate ...`): a client of the player protocol (agent/) that plays the
 * part of one or many players against a running server, for demos, load and the end-to-end tests.
 */
export { runSimulator, SIMULATOR_HELP } from './cli';
export { startSimulatedPlayer } from './simulatedPlayer';
