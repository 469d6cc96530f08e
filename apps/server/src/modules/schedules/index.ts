/**
 * The schedules module: the one owner of the schedules, schedule_contents and schedule_devices tables.
 * Players and contents are reached through their modules' exports; what the players feature and content
 * deletion need of schedules leaves through ports that buildApp hands over (playerSchedules,
 * scheduleContentUsage), so the devices and contents modules never import this one.
 */

export { type ManifestSchedule, manifestSchedulesOf, manifestSchedulesOfMany } from './manifest';
export { contentPlayers, playerSchedules, scheduleContentUsage } from './players';
export { schedulesRoutes } from './routes';
