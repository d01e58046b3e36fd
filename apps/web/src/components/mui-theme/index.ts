export { loadMuiTheme, MuiIsland } from './MuiIsland';
export { PassColourContext, usePassColour } from './pass-colour';
