// The public summary of the capacity forecast (each section's sentence), read by the home page's statistics block:
// a module of its own, so that chunk carries it without sharing a chunk with the console's planning paths.
export const forecastSummaryPath = () => '/statistics/forecast/summary';
