import DemoFeatures
import DuetReplay

// The replay-protocol endpoint for the demo features (counter, lamp, ping, pong).
ReplayServer.serve(registry: demoRegistry)
