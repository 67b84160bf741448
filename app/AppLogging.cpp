#include "AppLogging.h"

Q_LOGGING_CATEGORY(lcApp, "terrarium.app", QtInfoMsg)
