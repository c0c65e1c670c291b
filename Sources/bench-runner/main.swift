import BenchFeature
import DuetReplay

// The replay-protocol endpoint for the benchmark feature.
ReplayServer.serve(registry: benchRegistry)
